import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/mock-api';
import { renderWithProviders } from '../../../../test/render-app';
import { WALKTHROUGH_STEP_MS } from '../../hooks/use-walkthrough';
import { findSupportVideo } from './support-videos';
import { AppVideo } from './app-video';
import { Walkthrough } from './walkthrough';

const video = findSupportVideo('selectingalocation')!;
const step = () => screen.getByTestId('walkthrough-step').textContent;

afterEach(() => {
  vi.useRealTimers();
  delete window.ReactNativeWebView;
});

describe('a support video page', () => {
  it('plays the video’s steps one after another and stops on the last', async () => {
    mockApi();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderWithProviders(<Walkthrough video={video} />);
    expect(await screen.findByTestId('walkthrough-step')).toHaveTextContent(video.steps[0]!);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    act(() => void vi.advanceTimersByTime(WALKTHROUGH_STEP_MS));
    expect(step()).toBe(video.steps[1]);
    act(() => void vi.advanceTimersByTime(WALKTHROUGH_STEP_MS * 5));
    expect(step()).toBe(video.steps.at(-1));
    expect(screen.getByRole('button', { name: 'Play again' })).toBeInTheDocument();
  });

  it('asks the mobile app to play the video by its key (store-and-public-site §2)', async () => {
    mockApi();
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    const { user } = renderWithProviders(<AppVideo video={video} />);
    const again = await screen.findByRole('button', { name: 'Play the video' });
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      JSON.stringify({ type: 'playVideo', key: 'selectingalocation' }),
    );
    await user.click(again);
    expect(postMessage).toHaveBeenCalledTimes(2);
  });
});
