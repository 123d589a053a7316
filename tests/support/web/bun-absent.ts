// The web tests run in happy-dom under Node, where Bun's own module does not exist. Some of them
// import server modules on purpose (to hold the browser's checks to the server's), and those reach
// the S3 adapter's `import { S3Client } from 'bun'` through the blob store's front door; nothing in a
// web test talks to S3, so using it here is an error.
export class S3Client {
  constructor() {
    throw new Error('Bun S3Client is not available in web tests');
  }
}
