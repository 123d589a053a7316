import { vi } from 'vitest';

export type CanvasCall = { method: string; args: unknown[] };

/**
 * happy-dom has no canvas drawing: a 2D context that records every call instead, so a chart test
 * can see what uPlot drew (fillText of axis labels, fills of bars). Returns the recorded calls.
 */
export function stubCanvas(): CanvasCall[] {
  const calls: CanvasCall[] = [];
  const state: Record<string | symbol, unknown> = {};
  const context = new Proxy(state, {
    get(target, prop) {
      if (prop in target) return target[prop];
      if (prop === 'measureText')
        return (text: string) => ({
          width: String(text).length * 6,
          actualBoundingBoxAscent: 9,
          actualBoundingBoxDescent: 3,
        });
      if (prop === 'getLineDash') return () => [];
      return (...args: unknown[]) => {
        calls.push({ method: String(prop), args });
      };
    },
    set(target, prop, value) {
      if (prop === 'fillStyle' || prop === 'strokeStyle') calls.push({ method: `set ${String(prop)}`, args: [value] });
      target[prop] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  // Paths are built as Path2D objects and then filled or stroked: record nothing, accept everything.
  if (typeof (globalThis as { Path2D?: unknown }).Path2D === 'undefined') {
    vi.stubGlobal('Path2D', function Path2D() {
      return new Proxy({}, { get: () => () => {} });
    });
  }
  return calls;
}

/** A ResizeObserver whose callback the test fires itself. */
export function stubResizeObserver() {
  const observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];
  class FakeResizeObserver {
    readonly entry: { callback: ResizeObserverCallback; targets: Element[] };
    constructor(callback: ResizeObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.entry.targets = [];
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return {
    resize(width: number, height = 200) {
      for (const o of observers)
        for (const target of o.targets)
          o.callback([{ target, contentRect: { width, height } } as unknown as ResizeObserverEntry], o as never);
    },
    observing: () => observers.reduce((n, o) => n + o.targets.length, 0),
  };
}
