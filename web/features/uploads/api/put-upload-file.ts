import { GraphQLRequestError, refusalFromPayload } from '../../../lib/graphql-client';
import { NetworkFailureError, watchRequest } from '../../../lib/network-failure';

/**
 * PUTs the survey file to its signed URL with XMLHttpRequest, the one browser API that reports
 * upload progress (fetch does not). Refusals of the upload endpoint come in the GraphQL error shape;
 * a PUT that gets no answer rejects with its cause (NetworkFailureError).
 */
export function putUploadFile(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const watch = watchRequest(url);
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'de');
    xhr.setRequestHeader('Content-Type', file.type && file.type !== '' ? file.type : 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      watch.stop();
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
    xhr.onerror = () => void watch.cause().then((failure) => reject(new NetworkFailureError(failure)));
    xhr.onabort = () => {
      watch.stop();
      reject(new GraphQLRequestError('S3_FILE_UPLOAD_FAILED', 'upload cancelled', 0));
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
