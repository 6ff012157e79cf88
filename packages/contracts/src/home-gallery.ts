// Schemas, messages and types of the home-gallery area. Filled in by the home-gallery feature work.
export {};
