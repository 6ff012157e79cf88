// Schemas, messages and types of the account area. Filled in by the account feature work.
export {};
