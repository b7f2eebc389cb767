import { describe, expect, it } from 'vitest';
import { fitRasch, LINKING_RULES, linkToScale } from '../../../src/common/statistics';
import { lsat6Scores } from '../../helpers/lsat6';

/**
 * Linking checked against published figures (issue 42), where our method is the one published.
 * The sources are named in docs/item-analysis.md §5.
 */

/** ltm's Rasch fit of LSAT section VI with discrimination 1 and ability N(0, 1) (Rizopoulos 2006, Table 2). */
const LTM_LSAT = [-2.872, -1.063, -0.258, -1.388, -2.219];
const FIVE_ITEMS = Array.from({ length: 5 }, () => ({ max: 1 }));
const dichotomous = (b: number) => ({ categories: [0, 1], thresholds: [b] });

describe('fixed-parameter calibration against ltm’s published LSAT fit', () => {
  /**
   * The published estimates maximise the marginal likelihood with the mean at 0. Fixing the first
   * three items at them and estimating the last two with the population's mean (SD 1, as published)
   * must land on the same maximum: items 4 and 5 at the published -1.388 and -2.219 and the mean at 0,
   * to the three decimals the source prints.
   */
  it('recovers the free items and a mean of 0 from three published anchors', () => {
    const fit = fitRasch(
      { items: FIVE_ITEMS, scores: lsat6Scores() },
      { fixedSd: 1, anchors: [...LTM_LSAT.slice(0, 3).map(dichotomous), null, null] },
    );
    expect(fit.converged).toBe(true);
    expect(fit.items.slice(0, 3).every((item) => item.anchored)).toBe(true);
    expect(fit.items[3].difficulty).toBeCloseTo(LTM_LSAT[3], 3);
    expect(fit.items[4].difficulty).toBeCloseTo(LTM_LSAT[4], 3);
    expect(fit.mean).toBeCloseTo(0, 3);
    // The published standard errors (.086, .105) treat every item as free; with three anchors known the
    // free items' errors can only be smaller.
    expect(fit.items[3].se!).toBeLessThan(0.086);
    expect(fit.items[4].se!).toBeLessThan(0.105);
  });

  it('carries a bank on another origin: anchors 0.5 higher move the free items and the mean by 0.5', () => {
    const fit = fitRasch(
      { items: FIVE_ITEMS, scores: lsat6Scores() },
      { fixedSd: 1, anchors: [...LTM_LSAT.slice(0, 3).map((b) => dichotomous(b + 0.5)), null, null] },
    );
    expect(fit.items[3].difficulty).toBeCloseTo(LTM_LSAT[3] + 0.5, 3);
    expect(fit.items[4].difficulty).toBeCloseTo(LTM_LSAT[4] + 0.5, 3);
    expect(fit.mean).toBeCloseTo(0.5, 3);
  });
});

describe('mean/mean linking against sirt’s equating.rasch', () => {
  /**
   * Eight common Rasch items calibrated on two forms, and the linking constants sirt's
   * `equating.rasch(fX, fY, theta = seq(-4, 4, by = .05))` reports for them (mean/mean 0.068484),
   * as quoted in J. P. Meyer's jMetrik psychometrics library (`IrtScaleLinkingTest.linkingTestRasch`).
   * Form Y is the scale (the bank), form X the new calibration.
   */
  const formX = [
    -3.188047976, 1.031760328, 0.819040914, -2.70694736, -0.094527077, 0.689697135, -0.551837153, -0.359559276,
  ];
  const formY = [
    -3.074599226, 1.01282435, 0.868538408, -2.404483603, 0.037402866, 0.70074742, -0.602555046, -0.350426446,
  ];
  const anchors = formX.map((free, i) => ({ id: i + 1, bank: formY[i], free, marks: 1 }));

  it('gives the published mean/mean constant with every anchor kept', () => {
    const link = linkToScale(anchors, 8, { ...LINKING_RULES, maxRobustZ: Number.POSITIVE_INFINITY });
    expect(link.shift).toBeCloseTo(0.068484, 6);
    expect(link.stable).toHaveLength(8);
    expect(link.dropped).toEqual([]);
    expect(link.refused).toBeNull();
  });

  /**
   * Our screen goes further than sirt: item 4's difference (−0.302 against a median of −0.030) is 2.72
   * robust z out with the spread at its 0.1-logit floor, so it is dropped and the shift is the mean of
   * the other seven.
   */
  it('drops item 4 by its robust z under the product’s rules, and links on the other seven', () => {
    const link = linkToScale(anchors, 8);
    expect(link.dropped.map((anchor) => anchor.id)).toEqual([4]);
    expect(link.dropped[0].robustZ!).toBeCloseTo(-2.72, 2);
    const kept = anchors.filter((anchor) => anchor.id !== 4);
    expect(link.shift).toBeCloseTo(kept.reduce((sum, a) => sum + a.bank - a.free, 0) / 7, 9);
    expect(link.refused).toBeNull();
  });
});
