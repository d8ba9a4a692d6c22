export declare const RUN_LIMIT: number;
export declare const EXACT_BUDGET: number;
export declare const RUN_SAMPLE: number;
export declare function countTokensBounded(text: string, encode?: (piece: string) => number): number;
