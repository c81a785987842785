// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { webRoutePaths } from '../contract/web-routes';
import { createAppRouter } from './router';

describe('the app router', () => {
  it('has a page for every route of the route table (else it throws), then the 404 page', () => {
    const [layout] = createAppRouter().routes;
    expect(layout?.children?.map((route) => route.path)).toEqual([...webRoutePaths, '*']);
  });
});
