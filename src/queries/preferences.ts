/** Pure helpers for preference toggles: one switch per (workflow or global, channel). */
import { CHANNELS, type Channel, type Preferences } from '../client/index';

/** A switch: a workflow's identifier or slug (null: the global preferences), and a channel. Its JSON is its key. */
export type PreferenceTarget = readonly [workflowId: string | null, channel: string];

const isChannel = (channel: string): channel is Channel => (CHANNELS as readonly string[]).includes(channel);
const isWorkflow = (entry: Preferences['workflows'][number], workflowId: string | null) => entry.workflow.identifier === workflowId || entry.workflow.slug === workflowId;

export function preferenceValue(prefs: Preferences, [workflowId, channel]: PreferenceTarget): boolean | undefined {
  if (!isChannel(channel)) return undefined;
  return (workflowId === null ? prefs.global : prefs.workflows.find((entry) => isWorkflow(entry, workflowId)))?.channels[channel];
}

/** Preferences with one channel set; a workflow channel set by the subscriber says so in `overrides`. */
export function setPreferenceValue(prefs: Preferences, target: PreferenceTarget, enabled: boolean): Preferences {
  const [workflowId, channel] = target;
  if (!isChannel(channel) || preferenceValue(prefs, target) === enabled) return prefs;
  if (workflowId === null) return { ...prefs, global: { ...prefs.global, channels: { ...prefs.global.channels, [channel]: enabled } } };
  return {
    ...prefs,
    workflows: prefs.workflows.map((entry) =>
      isWorkflow(entry, workflowId)
        ? { ...entry, channels: { ...entry.channels, [channel]: enabled }, overrides: [...entry.overrides.filter((o) => o.channel !== channel), { channel, source: 'subscriber' as const }] }
        : entry,
    ),
  };
}
