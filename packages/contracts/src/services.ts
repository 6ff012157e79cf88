// Schemas, messages and types of the services area. Filled in by the services feature work.
export {};
