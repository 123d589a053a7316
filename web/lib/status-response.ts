export type StatusResponse = { status: string; message: string | null };

export function isSuccess(response: StatusResponse | undefined): boolean {
  return response?.status === 'SUCCESS';
}
