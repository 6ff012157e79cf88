// Schemas, messages and types of the about area. Filled in by the about feature work.
export {};
