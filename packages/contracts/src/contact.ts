// Schemas, messages and types of the contact area. Filled in by the contact feature work.
export {};
