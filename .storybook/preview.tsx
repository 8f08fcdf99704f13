import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import 'inbox-kit/styles.css';

const preview: Preview = {
  loaders: [mswLoader()],
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    // The accessibility addon fails a story's test on any violation.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};
export default preview;
