import type { CataloguePart } from './index';

/**
 * The QA machine visualizer's strings (`/qa/machines`, issue 13). English only: the page is a tool for the team,
 * loaded with its own chunk (`features/qa`), never with another page.
 */
export const qaEn = {
  qa_machines: {
    heading: 'State machines',
    intro: 'Every XState machine of core, drawn from its definition.',
    search: 'Find a machine',
    list: 'Machines',
    none_found: 'No machine matches “{{query}}”.',
    choose: 'Choose a machine to see its statechart.',
    chart: 'Statechart of {{name}}',
    laying_out: 'Laying out…',
    load_failed: 'The machines could not be loaded: {{message}}',
    layout_failed: 'The statechart could not be laid out: {{message}}',
    zoom_in: 'Zoom in',
    zoom_out: 'Zoom out',
    zoom: 'Zoom',
    zoom_reset: '100 %',
    zoom_level: 'Zoom {{percent}} %',
    export_svg: 'Export SVG',
    export_mermaid: 'Export Mermaid',
    state: 'State {{name}}',
    state_parallel: 'Parallel state {{name}}',
    state_final: 'Final state {{name}}',
    invokes: 'invokes {{src}}',
    keys_hint: 'Tab to a state, then arrow keys to move between states.',
  },
};

export const qaPart: CataloguePart = { language: 'en', messages: qaEn };
