// The server's request typing (multipart) as its app.ts loads it, for the server modules the benchmarks import.
import '@fastify/multipart';
