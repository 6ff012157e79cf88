// Schemas, messages and types of the galleries area. Filled in by the galleries feature work.
export {};
