import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { TESTIMONIAL_INTERVAL_MS } from '../../hooks/use-rotation';
import { TESTIMONIALS, Testimonials } from './testimonials';

const quote = () => screen.getByTestId('testimonial-quote').textContent;

describe('testimonials', () => {
  it('advance every 12 seconds and loop back to the first (store-and-public-site §9)', () => {
    vi.useFakeTimers();
    render(
      <MantineProvider env="test">
        <Testimonials />
      </MantineProvider>,
    );
    expect(quote()).toContain(TESTIMONIALS[0]!.quote);
    act(() => {
      vi.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS - 1);
    });
    expect(quote()).toContain(TESTIMONIALS[0]!.quote);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(quote()).toContain(TESTIMONIALS[1]!.quote);
    for (let step = 1; step < TESTIMONIALS.length; step += 1) {
      act(() => {
        vi.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS);
      });
    }
    expect(quote()).toContain(TESTIMONIALS[0]!.quote);
    expect(TESTIMONIAL_INTERVAL_MS).toBe(12_000);
  });
});
