import { forwardRef, useId, useMemo, useSyncExternalStore, type HTMLAttributes } from 'react';
import { Extras } from '../shared/extras';
import { CHANNELS, type Channel, type PreferenceChannels, type WorkflowPreference } from '../../client/index';
import { useInboxContext } from '../../hooks/InboxProvider';
import { usePreferences, useUpdatePreference } from '../../hooks/usePreferences';
import { mergeLabels, type InboxLabels, type PartialLabels } from '../../i18n/labels';
import { cx } from '../shared/cx';
import { ErrorMessage } from '../shared/ErrorMessage';
import { useInsideInbox, useItemSettings } from '../shared/settings';
import { themeToStyle, type ColorScheme, type InboxTheme } from '../../theme/theme';
import { useHostScheme } from '../shared/use-host-scheme';
import { mergeRefs } from '../shared/use-merged-ref';
import { displayLabel } from '../../i18n/display-text';

export interface PreferencesPanelProps extends Omit<HTMLAttributes<HTMLElement>, 'dir'> {
  /** Strings for a panel used outside `<Inbox>` (inside it, the inbox's labels apply). */
  labels?: PartialLabels;
  /** For a panel used outside `<Inbox>`: its theme, color scheme and direction. */
  theme?: InboxTheme;
  colorScheme?: ColorScheme;
  dir?: 'ltr' | 'rtl';
  /** Level of the panel's heading; its sections use the next. Default 2. */
  headingLevel?: 2 | 3 | 4;
  /**
   * Hide the panel's heading from view; it still names the panel for screen readers. For a page
   * whose own heading already says "preferences". Inside `<Inbox>` it is always hidden (the
   * inbox's header shows it).
   */
  hideTitle?: boolean;
}

type Heading = 'h2' | 'h3' | 'h4' | 'h5';

function channelsOf(channels: PreferenceChannels): Channel[] {
  return CHANNELS.filter((channel) => typeof channels[channel] === 'boolean');
}

export function Switch({
  checked,
  disabled,
  label,
  describedBy,
  labelledBy,
  onToggle,
}: {
  checked: boolean;
  disabled: boolean;
  label: string;
  describedBy?: string;
  labelledBy?: string;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy ? `${labelledBy} ${id}` : undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      data-inbox-slot="switch"
      data-state={checked ? 'on' : 'off'}
      onClick={onToggle}
    >
      <span data-inbox-slot="switch-track" aria-hidden="true">
        <span data-inbox-slot="switch-thumb" />
      </span>
      <span id={id} data-inbox-slot="switch-label">
        {label}
      </span>
    </button>
  );
}

function WorkflowRow({ entry, labels, readOnly, Sub }: { entry: WorkflowPreference; labels: InboxLabels; readOnly: boolean; Sub: Heading }) {
  const id = useId();
  const update = useUpdatePreference();
  const channels = channelsOf(entry.channels);
  return (
    <li data-inbox-slot="preference-row">
      <Sub id={`${id}name`} data-inbox-slot="preference-name">
        {displayLabel(entry.workflow.name)}
      </Sub>
      <div data-inbox-slot="preference-switches">
        {channels.map((channel) => {
          const source = entry.overrides.find((o) => o.channel === channel)?.source;
          // Set by the organization for this workflow: shown, not changeable.
          const locked = source === 'workflowOverride';
          return (
            <div key={channel} data-inbox-slot="preference-channel" data-channel={channel} data-locked={locked ? 'true' : undefined}>
              <Switch
                checked={entry.channels[channel] === true}
                disabled={readOnly || locked}
                label={labels.channels[channel]}
                labelledBy={`${id}name`}
                describedBy={source ? `${id}${channel}source` : undefined}
                onToggle={() => update.mutate({ workflowId: entry.workflow.slug, channel, enabled: entry.channels[channel] !== true })}
              />
              {source && (
                <span id={`${id}${channel}source`} data-inbox-slot="preference-source" data-source={source}>
                  {labels.source[source]}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </li>
  );
}

/**
 * The subscriber's preferences: global channels, then one row per workflow
 * with a switch per channel and the layer that set it. Switches move at once
 * and move back if the service refuses; when it refuses all updates the panel
 * shows the values and explains why they cannot change.
 */
export const PreferencesPanel = forwardRef<HTMLElement, PreferencesPanelProps>(function PreferencesPanel(
  { labels: givenLabels, headingLevel = 2, hideTitle = false, theme, colorScheme = 'inherit', dir, className, style, ...rest },
  ref,
) {
  const settings = useItemSettings();
  const standalone = !useInsideInbox();
  const schemeRef = useHostScheme(standalone && colorScheme === 'inherit');
  const sectionRef = useMemo(() => mergeRefs<HTMLElement>(ref, schemeRef), [ref, schemeRef]);
  const labels = useMemo(() => (givenLabels ? mergeLabels(givenLabels) : settings.labels), [givenLabels, settings.labels]);
  const { preferences, isLoading, error, refetch, readOnly, unknownSubscriber } = usePreferences();
  const update = useUpdatePreference();
  const { live } = useInboxContext('PreferencesPanel').inbox;
  const realtime = useSyncExternalStore(live.add, () => live.ready, () => false);
  const id = useId();
  const Title = `h${headingLevel}` as Heading;
  const Section = `h${headingLevel + 1}` as Heading;
  const Row = `h${Math.min(headingLevel + 2, 5)}` as Heading;
  const workflows = preferences?.workflows.filter((entry) => channelsOf(entry.channels).length > 0) ?? [];

  return (
    <section
      ref={sectionRef}
      aria-labelledby={`${id}title`}
      className={cx(settings.classNames.preferences, className)}
      {...(standalone ? { 'data-inbox-root': '', 'data-color-scheme': colorScheme, dir, style: { ...themeToStyle(theme), ...style } } : { dir, style })}
      {...rest}
      data-inbox-slot="preferences"
    >
      <Title id={`${id}title`} data-inbox-slot={hideTitle || !standalone ? 'sr-only' : 'title'}>
        {labels.preferencesTitle}
      </Title>
      {isLoading && (
        <p role="status" data-inbox-slot="preferences-loading">
          {labels.preferencesLoading}
        </p>
      )}
      {error && !preferences && <ErrorMessage message={labels.preferencesError} retryLabel={labels.retry} onRetry={() => void refetch()} />}
      {unknownSubscriber && (
        <p data-inbox-slot="preferences-empty" role="note">
          {labels.preferencesNone}
        </p>
      )}
      {readOnly && (
        <p data-inbox-slot="preferences-readonly" role="note">
          {labels.readOnly}
        </p>
      )}
      {update.isError && !readOnly && (
        <p role="alert" data-inbox-slot="preferences-error">
          {labels.updateFailed}
        </p>
      )}
      {preferences && (
        <>
          {/* The channels as column heads, for the matrix a wide panel shows (each switch still says its channel). */}
          <div data-inbox-slot="preference-columns" aria-hidden="true">
            {CHANNELS.map((channel) => (
              <span key={channel} data-inbox-slot="preference-column" data-channel={channel}>
                {labels.channels[channel]}
              </span>
            ))}
          </div>
          <div data-inbox-slot="preference-row" data-scope="global">
            <div data-inbox-slot="preference-heading">
              <Section data-inbox-slot="section-title">{labels.globalPreferences}</Section>
              <p data-inbox-slot="hint">{labels.globalPreferencesHint}</p>
            </div>
            <div data-inbox-slot="preference-switches">
              {channelsOf(preferences.global.channels).map((channel) => (
                <div key={channel} data-inbox-slot="preference-channel" data-channel={channel}>
                  <Switch
                    checked={preferences.global.channels[channel] === true}
                    disabled={readOnly}
                    label={labels.channels[channel]}
                    onToggle={() => update.mutate({ channel, enabled: preferences.global.channels[channel] !== true })}
                  />
                </div>
              ))}
            </div>
          </div>
          {workflows.length > 0 && <Section data-inbox-slot="section-title">{labels.workflowPreferences}</Section>}
          <ul data-inbox-slot="preference-list">
            {workflows.map((entry) => (
              <WorkflowRow key={entry.workflow.identifier} entry={entry} labels={labels} readOnly={readOnly} Sub={Row} />
            ))}
          </ul>
          {/* This browser's, not the service's: last; where real time can bring what it shows. */}
          {realtime && <Extras desktop={labels} />}
        </>
      )}
    </section>
  );
});
