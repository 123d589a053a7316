import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint, useContentShown } from '../../../web/components/layout/after-first-paint';
import {
  deferFrameExtrasOnce,
  EXTRAS_WAIT_MS,
  holdFrameExtrasForContent,
  pageContentShown,
} from '../../../web/lib/first-frame';

// The first frame after a full load paints the page before its extras (menus, footer, overlays); on
// the result page and the worksheet, whose interviews arrive after that frame, the extras wait for
// them (at most EXTRAS_WAIT_MS), so their queries and renders do not share the data's busiest moments.

function Frame({ shown }: { shown: boolean }) {
  useContentShown(shown);
  return (
    <>
      <span data-testid="page" />
      <AfterFirstPaint>
        <span data-testid="extras" />
      </AfterFirstPaint>
      <AfterFirstPaint>
        <span data-testid="footer" />
      </AfterFirstPaint>
    </>
  );
}

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  pageContentShown();
  vi.useRealTimers();
});

describe('AfterFirstPaint', () => {
  it('renders the extras at once on a mount that is not a full load', async () => {
    render(<Frame shown={false} />);
    expect(screen.getByTestId('extras')).toBeTruthy();
  });

  it('renders them right after the first commit of a full load of a page that does not hold them', async () => {
    deferFrameExtrasOnce();
    render(<Frame shown={false} />);
    await settle();
    expect(screen.getByTestId('extras')).toBeTruthy();
  });

  it("on a page holding them, waits for the page's content, then shows every one", async () => {
    deferFrameExtrasOnce();
    holdFrameExtrasForContent();
    const { rerender } = render(<Frame shown={false} />);
    await settle();
    expect(screen.queryByTestId('extras')).toBeNull();
    expect(screen.queryByTestId('footer')).toBeNull();
    rerender(<Frame shown />);
    // Released once the frame that shows the content has been painted (a frame, then a task).
    expect(await screen.findByTestId('extras', {}, { timeout: 1_000 })).toBeTruthy();
    expect(screen.getByTestId('footer')).toBeTruthy();
  });

  it('shows them after EXTRAS_WAIT_MS when the page never says its content is there', async () => {
    vi.useFakeTimers();
    deferFrameExtrasOnce();
    holdFrameExtrasForContent();
    render(<Frame shown={false} />);
    await act(async () => vi.advanceTimersByTimeAsync(EXTRAS_WAIT_MS - 10));
    expect(screen.queryByTestId('extras')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('extras')).toBeTruthy();
  });
});
