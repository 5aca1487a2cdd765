import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within, screen } from 'storybook/test';
import { CountdownCircle } from '../CountdownCircle';
import { TopBar, type TopBarProps } from './TopBar';
import { topBarLanguages, topBarTexts } from './fixtures';

function Stateful(props: TopBarProps) {
  const [language, setLanguage] = useState(props.language);
  const [theme, setTheme] = useState(props.theme);
  return (
    <TopBar
      {...props}
      language={language}
      onLanguageChange={(id) => {
        setLanguage(id);
        props.onLanguageChange(id);
      }}
      theme={theme}
      onThemeToggle={() => {
        setTheme(theme === 'light' ? 'dark' : 'light');
        props.onThemeToggle();
      }}
    />
  );
}

const meta = {
  title: 'Shell/TopBar',
  component: TopBar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    ...topBarTexts,
    onNavigate: fn(),
    isMenuOpen: false,
    onMenuToggle: fn(),
    theme: 'light',
    onThemeToggle: fn(),
    languages: topBarLanguages,
    language: 'en',
    onLanguageChange: fn(),
    user: { firstName: 'Aysel', imgPath: null },
    onProfile: fn(),
    onLogout: fn(),
    countdown: <CountdownCircle remaining={420} total={480} text="420" label="420 minutes left in your session" />,
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('timer', { name: '420 minutes left in your session' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Türkçe' }));
    await expect(args.onLanguageChange).toHaveBeenCalledWith('tr');
    await expect(canvas.getByRole('button', { name: 'Language: Türkçe' })).toBeVisible();
  },
};

export const UserMenu: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'User menu: Aysel' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};
