// Schemas, messages and types of the people area. Filled in by the people feature work.
export {};
