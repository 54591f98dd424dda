// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isCompletedSwipe, measureSwipe, useSwipe, type SwipeDirection } from './use-swipe';

describe('measureSwipe', () => {
  it('has no direction until the movement is over the 10 px dead zone', () => {
    expect(measureSwipe(10, 0).direction).toBeNull();
    expect(measureSwipe(-7, 10).direction).toBeNull();
    expect(measureSwipe(11, 0).direction).toBe('right');
  });

  it('takes the direction from the dominant axis', () => {
    expect(measureSwipe(-40, 12).direction).toBe('left');
    expect(measureSwipe(40, 12).direction).toBe('right');
    expect(measureSwipe(12, -40).direction).toBe('up');
    expect(measureSwipe(12, 40).direction).toBe('down');
  });

  it('reports distance along that axis and progress towards the threshold, capped at 1', () => {
    expect(measureSwipe(-50, 5)).toMatchObject({ distance: 50, progress: 0.5 });
    expect(measureSwipe(-250, 5)).toMatchObject({ distance: 250, progress: 1 });
    expect(measureSwipe(0, 30, { threshold: 150 })).toMatchObject({ direction: 'down', distance: 30, progress: 0.2 });
  });

  it('counts a swipe only at 100 px or more with a direction', () => {
    expect(isCompletedSwipe(measureSwipe(-99, 0))).toBe(false);
    expect(isCompletedSwipe(measureSwipe(-100, 0))).toBe(true);
    expect(isCompletedSwipe(measureSwipe(0, 149), 150)).toBe(false);
    expect(isCompletedSwipe(measureSwipe(0, 150), 150)).toBe(true);
  });
});

function SwipeArea({ onSwipe }: { onSwipe: (direction: SwipeDirection) => void }) {
  const { state, handlers } = useSwipe<HTMLDivElement>({ onSwipe });
  return (
    <div data-testid="area" {...handlers}>
      {state.active ? `active ${state.direction ?? 'none'} ${Math.round(state.progress * 100)}%` : 'idle'}
    </div>
  );
}

/** jsdom has no PointerEvent; React reads these fields from any event it is given. */
function pointer(type: 'pointerDown' | 'pointerMove' | 'pointerUp' | 'pointerCancel', x: number, y: number, pointerId = 1) {
  fireEvent[type](screen.getByTestId('area'), { clientX: x, clientY: y, pointerId, pointerType: 'touch', button: 0 });
}

afterEach(cleanup);

describe('useSwipe', () => {
  it('reports a completed left swipe once, showing progress while the finger moves', () => {
    const swipes: SwipeDirection[] = [];
    render(<SwipeArea onSwipe={(d) => swipes.push(d)} />);
    pointer('pointerDown', 200, 100);
    expect(screen.getByTestId('area')).toHaveTextContent('active none 0%');
    pointer('pointerMove', 150, 104);
    expect(screen.getByTestId('area')).toHaveTextContent('active left 50%');
    pointer('pointerUp', 80, 104);
    expect(swipes).toEqual(['left']);
    expect(screen.getByTestId('area')).toHaveTextContent('idle');
  });

  it('ignores a gesture shorter than the threshold', () => {
    const swipes: SwipeDirection[] = [];
    render(<SwipeArea onSwipe={(d) => swipes.push(d)} />);
    pointer('pointerDown', 200, 100);
    pointer('pointerUp', 101, 100);
    expect(swipes).toEqual([]);
  });

  it('drops a gesture the browser cancelled, and moves of a second pointer', () => {
    const swipes: SwipeDirection[] = [];
    render(<SwipeArea onSwipe={(d) => swipes.push(d)} />);
    pointer('pointerDown', 200, 100, 1);
    pointer('pointerMove', 20, 100, 2);
    expect(screen.getByTestId('area')).toHaveTextContent('active none 0%');
    pointer('pointerCancel', 20, 100, 1);
    pointer('pointerUp', 20, 100, 1);
    expect(swipes).toEqual([]);
  });
});
