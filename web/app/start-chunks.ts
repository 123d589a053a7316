import { loadMessages, startLocale } from '../lib/messages';
import { preloadRouteChunk } from './route-chunks';

/**
 * main.tsx imports this module first, so it runs before the rest of the start-up code is evaluated
 * (boot's queries, SWR, the scoring glue): the page's code chunk and the messages of the language the
 * app starts in, both needed before the first render, start downloading right away instead of after
 * that evaluation. Every page, public ones too, renders once its messages are in (web/app/render-app.tsx).
 */
loadMessages(startLocale()).catch(() => undefined);
preloadRouteChunk(window.location.pathname);
