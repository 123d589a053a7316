import { describe, expect, it } from 'vitest';
import { oesSuggestion, roundScore, trafficLight } from '../../scoring/index.ts';

describe('display rules', () => {
  it('rounds half up and keeps null as null', () => {
    expect(roundScore(88.75)).toBe(89);
    expect(roundScore(83.57)).toBe(84);
    expect(roundScore(59.5)).toBe(60);
    expect(roundScore(Number.NaN)).toBeNull();
  });

  it('lights the traffic light on the rounded integer', () => {
    expect(trafficLight(100)).toBe('green');
    expect(trafficLight(79.5)).toBe('green');
    expect(trafficLight(79.49)).toBe('light green');
    expect(trafficLight(59.5)).toBe('light green');
    expect(trafficLight(45)).toBe('yellow');
    expect(trafficLight(39.4)).toBe('red');
    expect(trafficLight(Number.NaN)).toBe('grey');
  });

  it('suggests removal by OES band with half-open boundaries (TV13)', () => {
    expect(oesSuggestion(170 / 3)).toBe('should be removed');
    expect(oesSuggestion(200 / 3)).toBe('stay');
    expect(oesSuggestion(40)).toBe('should be removed');
    expect(oesSuggestion(39.99)).toBe('remove');
    expect(oesSuggestion(60)).toBe('stay');
    expect(oesSuggestion(Number.NaN)).toBeNull();
  });
});
