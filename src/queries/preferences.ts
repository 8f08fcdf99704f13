/** Pure helpers for preference toggles: one key per (workflow or global, channel). */
import { CHANNELS, type Channel, type Preferences } from '../client/index';

export interface PreferenceTarget {
  /** A workflow's identifier, or null for the global preferences. */
  workflowId: string | null;
  channel: string;
}

export function preferenceKey(change: { workflowId?: string | undefined; channel: string }): string {
  return JSON.stringify([change.workflowId ?? null, change.channel]);
}

export function parsePreferenceKey(key: string): PreferenceTarget {
  const parsed: unknown = JSON.parse(key);
  if (!Array.isArray(parsed) || typeof parsed[1] !== 'string') throw new Error(`not a preference key: ${key}`);
  return { workflowId: typeof parsed[0] === 'string' ? parsed[0] : null, channel: parsed[1] };
}

function isChannel(channel: string): channel is Channel {
  return (CHANNELS as readonly string[]).includes(channel);
}

export function preferenceValue(prefs: Preferences, target: PreferenceTarget): boolean | undefined {
  if (!isChannel(target.channel)) return undefined;
  if (target.workflowId === null) return prefs.global.channels[target.channel];
  const entry = prefs.workflows.find((w) => w.workflow.identifier === target.workflowId || w.workflow.slug === target.workflowId);
  return entry?.channels[target.channel];
}

/** Preferences with one channel set; a workflow channel set by the subscriber says so in `overrides`. */
export function setPreferenceValue(prefs: Preferences, target: PreferenceTarget, enabled: boolean): Preferences {
  const channel = target.channel;
  if (!isChannel(channel) || preferenceValue(prefs, target) === enabled) return prefs;
  if (target.workflowId === null) {
    return { ...prefs, global: { ...prefs.global, channels: { ...prefs.global.channels, [channel]: enabled } } };
  }
  return {
    ...prefs,
    workflows: prefs.workflows.map((entry) => {
      if (entry.workflow.identifier !== target.workflowId && entry.workflow.slug !== target.workflowId) return entry;
      const others = entry.overrides.filter((o) => o.channel !== channel);
      return { ...entry, channels: { ...entry.channels, [channel]: enabled }, overrides: [...others, { channel, source: 'subscriber' as const }] };
    }),
  };
}
