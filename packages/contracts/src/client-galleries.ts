// Schemas, messages and types of the client-galleries area. Filled in by the client-galleries feature work.
export {};
