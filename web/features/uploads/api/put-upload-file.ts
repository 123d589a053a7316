import { GraphQLRequestError, refusalFromPayload } from '../../../lib/graphql-client';

/**
 * PUTs the survey file to its signed URL with XMLHttpRequest, the one browser API that reports
 * upload progress (fetch does not). Refusals of the upload endpoint come in the GraphQL error shape.
 */
export function putUploadFile(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'de');
    xhr.setRequestHeader('Content-Type', file.type && file.type !== '' ? file.type : 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        return resolve();
      }
      type ErrorBody = { errors?: { message?: string; extensions?: Record<string, unknown> }[] };
      let body: ErrorBody | null;
      try {
        body = JSON.parse(xhr.responseText) as ErrorBody;
      } catch {
        body = null;
      }
      const refusal = refusalFromPayload(body?.errors?.[0], 'S3_FILE_UPLOAD_FAILED');
      // The endpoint's message is already in the UI's language (Accept-Language).
      reject(
        new GraphQLRequestError(
          refusal.code,
          body?.errors?.[0]?.message ?? 'upload refused',
          xhr.status,
          refusal.reason,
          refusal.params,
        ),
      );
    };
    xhr.onerror = () => reject(new GraphQLRequestError('S3_FILE_UPLOAD_FAILED', 'upload failed', 0));
    xhr.onabort = () => reject(new GraphQLRequestError('S3_FILE_UPLOAD_FAILED', 'upload cancelled', 0));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
