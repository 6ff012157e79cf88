// A real S3-compatible server for the tests (s3rver), in its own process: its continuation
// tokens use DES, which Node's OpenSSL 3 offers only with --openssl-legacy-provider.
// Arguments: <directory> <bucket> [port]. Prints `{"port":N}` once listening; stops on SIGTERM.
import S3rver from 's3rver';

const [directory, bucket, port = '0'] = process.argv.slice(2);
const server = new S3rver({ port: Number(port), address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
