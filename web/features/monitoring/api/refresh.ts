/** The monitoring page refreshes by itself this often. */
export const MONITORING_REFRESH_MS = 10_000;
/** Sizes change slowly and the storage walk is cached on the server for 5 minutes. */
export const SIZE_REFRESH_MS = 60_000;

/**
 * Polling while the page is visible: a hidden tab (another tab in front, a minimised window) asks
 * nothing, and SWR revalidates at once when the tab shows again. The last answer stays on screen
 * while the next one loads.
 */
// A plain object (not SWRConfiguration<any>), so the hooks keep their documents' result types.
export const monitoringRefresh = (refreshInterval = MONITORING_REFRESH_MS) => ({
  refreshInterval,
  refreshWhenHidden: false,
  refreshWhenOffline: false,
  revalidateOnFocus: true,
  keepPreviousData: true,
});
