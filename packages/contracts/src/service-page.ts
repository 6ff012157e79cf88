// Schemas, messages and types of the service-page area. Filled in by the service-page feature work.
export {};
