// Schemas, messages and types of the emails area. Filled in by the emails feature work.
export {};
