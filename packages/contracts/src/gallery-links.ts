// Schemas, messages and types of the gallery-links area. Filled in by the gallery-links feature work.
export {};
