// Schemas, messages and types of the dashboard area. Filled in by the dashboard feature work.
export {};
