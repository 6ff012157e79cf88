// Schemas, messages and types of the enquiries area. Filled in by the enquiries feature work.
export {};
