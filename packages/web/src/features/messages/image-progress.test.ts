import { describe, expect, it } from 'vitest';
import {
  imageProgressAt,
  imageProgressDurationFor,
  imageProgressStep,
  qualityOf,
  sizeOf,
} from './image-progress';

describe('image generation progress', () => {
  it('moves from 0.1 towards 0.9 over the duration and holds there', () => {
    expect(imageProgressAt(0, 20_000)).toBe(0.1);
    expect(imageProgressAt(10_000, 20_000)).toBeCloseTo(0.5);
    expect(imageProgressAt(20_000, 20_000)).toBeCloseTo(0.9);
    expect(imageProgressAt(120_000, 20_000)).toBe(0.9);
  });

  it('takes 10 s for low, 20 s for medium or unknown, 50 s for high, plus up to 30 %', () => {
    expect(imageProgressDurationFor('low', 0)).toBe(10_000);
    expect(imageProgressDurationFor(undefined, 0)).toBe(20_000);
    expect(imageProgressDurationFor('auto', 0)).toBe(20_000);
    expect(imageProgressDurationFor('high', 0)).toBe(50_000);
    expect(imageProgressDurationFor('hd', 0)).toBe(50_000);
    expect(imageProgressDurationFor('medium', 1)).toBe(26_000);
  });

  it('steps its label at 0.3, 0.5 and 0.7', () => {
    expect([0.1, 0.29, 0.3, 0.5, 0.69, 0.7, 0.9].map(imageProgressStep)).toEqual([0, 0, 1, 2, 2, 3, 3]);
  });

  it('reads the quality from the arguments, even half streamed', () => {
    expect(qualityOf('{"prompt":"x","quality":"high"}')).toBe('high');
    expect(qualityOf('{"prompt":"x","qua')).toBeUndefined();
    expect(qualityOf({ quality: 'low' })).toBe('low');
    expect(qualityOf(null)).toBeUndefined();
  });
});

describe('sizeOf', () => {
  it('reads "WxH" from the arguments, else 1024x1024', () => {
    expect(sizeOf('{"prompt":"x","size":"1536x1024"}')).toEqual({ width: 1536, height: 1024 });
    expect(sizeOf({ size: '1024x1792' })).toEqual({ width: 1024, height: 1792 });
    expect(sizeOf('{"prompt":"x","size":"auto"}')).toEqual({ width: 1024, height: 1024 });
    expect(sizeOf('{"prompt":"x","si')).toEqual({ width: 1024, height: 1024 });
    expect(sizeOf({ size: '0x100' })).toEqual({ width: 1024, height: 1024 });
    expect(sizeOf(null)).toEqual({ width: 1024, height: 1024 });
  });
});
