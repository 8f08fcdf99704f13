import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import 'inbox-kit/styles.css';
import './docs.css';
import { writtenTypeSummaries } from './type-summaries';

// A play function waits for conditions; on a loaded machine (two cores running the other test
// projects) one may take seconds to hold, past Testing Library's one second.
configure({ asyncUtilTimeout: 10_000 });

const preview: Preview = {
  loaders: [mswLoader()],
  tags: ['autodocs'],
  argTypesEnhancers: [writtenTypeSummaries],
  parameters: {
    layout: 'padded',
    // The accessibility addon fails a story's test on any violation.
    a11y: { test: 'error' },
    controls: { expanded: true },
    // The page behind a dark-scheme story, on its docs canvas as in its own (the kit's dark background is #111318).
    backgrounds: { options: { light: { name: 'Light', value: '#ffffff' }, dark: { name: 'Dark', value: '#0b0d12' } } },
  },
};
export default preview;
