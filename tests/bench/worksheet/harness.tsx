// The worksheet's live path on one page, as the worksheet screen will assemble it: a threshold
// slider, the engine hook, the counts and the virtualised decision table. The Chromium test and
// bench:worksheet drive it through window.harness; marks `change-N` (slider moved), `commit-N`
// (React committed the result of change N) and `painted-N` (the frame with it was presented).
import { Box, Flex } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_RULES, type CleaningRules } from '../../../scoring/index.ts';
import { AppProviders } from '../../../web/app/providers';
import { setLocale, type Locale } from '../../../web/lib/i18n';
import { CleaningCounts } from '../../../web/features/worksheet/components/cleaning-counts';
import { DecisionTable } from '../../../web/features/worksheet/components/decision-table';
import {
  createCleaningEngine,
  useCleaningEngine,
  type CleaningEngineOptions,
  type CleaningRequest,
  type EngineResult,
} from '../../../web/features/worksheet/engine/index.ts';
import { generateScores } from '../../support/web/score-columns.ts';

export interface StartOptions {
  /** Generate this many interviews in the page (bench), or... */
  rows?: number;
  seed?: number;
  /** ...load scores.arrow (and raw.arrow) bytes from these URLs (test). */
  scoresUrl?: string;
  rawUrl?: string;
  groupingColumns?: string[];
  locale?: Locale;
}

export interface Harness {
  start(
    options: StartOptions,
  ): Promise<{ rows: number; version: string; groupings: { name: string; labels: string[] }[] }>;
  /** Runs rules on a second engine over the same data, without painting (the equality test). */
  run(
    request: CleaningRequest,
  ): Promise<
    Omit<EngineResult, 'kept' | 'reasons' | 'primary'> & { kept: number[]; primary: number[]; reasons: number[] }
  >;
  /** Results painted so far, and the timings of the last. */
  painted: number;
  last: { change: number; timings: EngineResult['timings'] } | null;
  /** Steps of the control slider painted so far. */
  lastControl: number;
}

declare global {
  interface Window {
    harness: Harness;
  }
}

const rulesAt = (threshold: number): CleaningRules => ({
  ...DEFAULT_RULES,
  rules: { ...DEFAULT_RULES.rules, combined: { enabled: true, threshold, minDataPoints: 0 } },
});

type Data = { options: CleaningEngineOptions; rows: number; recordId: (i: number) => string; combined: Float64Array };

let startData: (data: Data) => void = () => undefined;
const requestChange = new WeakMap<CleaningRequest, number>();
let changes = 0;

/** The slider keeps its own value, so moving it re-renders only itself; the request goes straight to the engine. */
const ThresholdSlider = memo(function ThresholdSlider({ onChange }: { onChange: (threshold: number) => void }) {
  const [threshold, setThreshold] = useState(60);
  return (
    <input
      type="range"
      min={0}
      max={100}
      step={1}
      value={threshold}
      aria-label="combined threshold"
      data-testid="threshold"
      onChange={(e) => {
        const v = Number(e.currentTarget.value);
        setThreshold(v);
        onChange(v);
      }}
    />
  );
});

/**
 * A control for the bench: a slider that only repaints its own number. Its change -> painted latency
 * is the floor any change pays (input dispatch, then waiting for the next frame), whatever the engine does.
 */
function ControlProbe() {
  const [value, setValue] = useState(50);
  const [step, setStep] = useState(0);
  useLayoutEffect(() => {
    if (step === 0) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark(`painted-c${step}`);
        window.harness.lastControl = step;
      };
      channel.port2.postMessage(null);
    });
  }, [step]);
  return (
    <Box mt="4">
      <input
        type="range"
        min={0}
        max={100}
        value={value}
        aria-label="control"
        data-testid="control"
        onChange={(e) => {
          performance.mark(`change-c${step + 1}`);
          setValue(Number(e.currentTarget.value));
          setStep(step + 1);
        }}
      />
      <span>{value}</span>
    </Box>
  );
}

function Page() {
  const [data, setData] = useState<Data | null>(null);
  useEffect(() => {
    startData = setData;
  }, []);
  const options = useMemo(() => data?.options ?? null, [data]);
  const { result, ready, run } = useCleaningEngine(options);
  const painted = useRef<EngineResult | null>(null);
  useEffect(() => {
    if (data) run({ rules: rulesAt(60) });
  }, [data, run]);
  const onThreshold = useCallback(
    (v: number) => {
      const next: CleaningRequest = { rules: rulesAt(v) };
      requestChange.set(next, ++changes);
      performance.mark(`change-${changes}`);
      run(next);
    },
    [run],
  );
  const recordId = data?.recordId;
  const combined = useCallback((i: number) => data!.combined[i]!, [data]);

  useLayoutEffect(() => {
    if (!result || painted.current === result) return;
    painted.current = result;
    const change = requestChange.get(result.request) ?? 0;
    performance.mark(`commit-${change}`);
    // rAF runs before this frame's paint; a message posted from it runs once the frame is out.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark(`painted-${change}`);
        window.harness.painted++;
        window.harness.last = { change, timings: result.timings };
      };
      channel.port2.postMessage(null);
    });
  }, [result]);

  if (!data) return <Box p="6">…</Box>;
  return (
    <Flex p="6" gap="8" align="start">
      <Box w="22rem">
        <ThresholdSlider onChange={onThreshold} />
        <Box data-testid="engine-ready" data-rows={ready?.rows ?? 0} />
        <ControlProbe />
        {result && (
          <CleaningCounts
            rows={result.rows}
            keptCount={result.keptCount}
            primaryCounts={result.primaryCounts}
            available={() => true}
          />
        )}
      </Box>
      <Box flex="1">
        <DecisionTable
          rows={data.rows}
          recordId={recordId!}
          combined={combined}
          kept={result?.kept ?? null}
          primary={result?.primary ?? null}
        />
      </Box>
    </Flex>
  );
}

async function bytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

let source: () => Promise<CleaningEngineOptions> = async () => {
  throw new Error('start() first');
};

window.harness = {
  painted: 0,
  last: null,
  lastControl: 0,
  async start(o) {
    if (o.locale) setLocale(o.locale);
    let data: Data;
    if (o.scoresUrl) {
      const scores = await bytes(o.scoresUrl);
      const raw = o.rawUrl ? await bytes(o.rawUrl) : undefined;
      // The table's display copy is the page's own; the engine gets (and takes away) its own bytes.
      const { tableFromIPC } = await import('apache-arrow');
      const table = tableFromIPC(new Uint8Array(scores.slice(0)));
      const ids = table.getChild('record_id')!;
      const combined = Float64Array.from(table.getChild('combined')!.toArray() as Float64Array);
      source = async () => {
        const s = await bytes(o.scoresUrl!);
        const r = o.rawUrl ? await bytes(o.rawUrl) : undefined;
        return {
          source: { kind: 'arrow', scores: s, ...(r ? { raw: r, groupingColumns: o.groupingColumns ?? [] } : {}) },
        };
      };
      data = {
        options: {
          source: { kind: 'arrow', scores, ...(raw ? { raw, groupingColumns: o.groupingColumns ?? [] } : {}) },
        },
        rows: table.numRows,
        recordId: (i) => String(ids.get(i)),
        combined,
      };
    } else {
      const rows = o.rows ?? 100_000;
      const generated = generateScores(rows, o.seed ?? 7, false);
      const combined = generated.columns.combined.slice();
      source = async () => {
        const again = generateScores(rows, o.seed ?? 7, false);
        return { source: { kind: 'columns', rows, columns: again.columns }, groupings: again.groupings };
      };
      data = {
        options: { source: { kind: 'columns', rows, columns: generated.columns }, groupings: generated.groupings },
        rows,
        recordId: (i) => `R${String(i + 1).padStart(7, '0')}`,
        combined,
      };
    }
    startData(data);
    // The hook's engine reports through the page; a second engine answers start() and run().
    const probe = createCleaningEngine(await source());
    try {
      const ready = await probe.ready;
      await new Promise<void>((resolve) => {
        const poll = () => (window.harness.painted > 0 ? resolve() : setTimeout(poll, 20));
        poll();
      });
      return { rows: ready.rows, version: ready.version, groupings: ready.groupings };
    } finally {
      probe.dispose();
    }
  },
  async run(request) {
    const engine = createCleaningEngine(await source());
    try {
      const r = await engine.run(request);
      return { ...r, kept: Array.from(r.kept), primary: Array.from(r.primary), reasons: Array.from(r.reasons) };
    } finally {
      engine.dispose();
    }
  },
};

createRoot(document.getElementById('root')!).render(
  <AppProviders>
    <Page />
  </AppProviders>,
);
