import type { Extension } from '@electric-sql/pglite';

export declare const PGLITE_EXTENSIONS: { vector: Extension; pg_trgm: Extension };
