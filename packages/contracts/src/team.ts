// Schemas, messages and types of the team area. Filled in by the team feature work.
export {};
