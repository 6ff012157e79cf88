// Schemas, messages and types of the carousel area. Filled in by the carousel feature work.
export {};
