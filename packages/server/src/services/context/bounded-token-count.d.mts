export declare const RUN_LIMIT: number;
export declare const EXACT_BUDGET: number;
export declare const RUN_SAMPLE: number;
export declare function countTokensBounded(text: string, encode?: (piece: string) => number): number;
/** Loads the tokenizer soon, off the current request (called when someone opens the app). */
export function prepareTokenizer(): void;
