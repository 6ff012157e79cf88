// Schemas, messages and types of the love-stories area. Filled in by the love-stories feature work.
export {};
