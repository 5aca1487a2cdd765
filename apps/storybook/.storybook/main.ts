import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';

/**
 * Storybook for the design system: stories live beside the components in packages/ui
 * (and app-level ones in ./src). The MSW addon serves mocked API answers from public/.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../../../packages/ui/src/**/*.stories.@(ts|tsx)', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['msw-storybook-addon', '@storybook/addon-a11y'],
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      // packages/ui has its own nested copy of storybook; one copy of storybook/test and React
      // must serve both the preview and the stories, or play functions lose instrumentation.
      resolve: { dedupe: ['storybook', 'react', 'react-dom'] },
    });
  },
};

export default config;
