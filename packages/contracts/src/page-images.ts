// Schemas, messages and types of the page-images area. Filled in by the page-images feature work.
export {};
