import { useEffect, useRef } from 'react';

/** Success feedback in modals stays 2 seconds, then the modal closes and lists refresh. */
export const SUCCESS_DELAY_MS = 2000;

/** Closes the modal SUCCESS_DELAY_MS after `succeeded` turns true (and not at all if it closes earlier). */
export function useCloseAfterSuccess(succeeded: boolean, onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!succeeded) return undefined;
    const timer = setTimeout(() => onCloseRef.current(), SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);
}
