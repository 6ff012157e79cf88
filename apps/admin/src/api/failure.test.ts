import { describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { ApiError } from './client';
import { failureMessage, type FailurePolicy } from './failure';

const policy: FailurePolicy = { fallback: 'Service creation failed', fields: ['name', 'cover_image'] };

describe('failureMessage: the one failure policy', () => {
  it('shows the first message of the named fields, in their order, for a 400', () => {
    const err = new ApiError(400, { cover_image: ['Image is required'], name: ['Service name is required'] });
    expect(failureMessage(err, policy)).toBe('Service name is required');
  });

  it('shows the generic 400 text, or the area text, when no named field has a message', () => {
    const err = new ApiError(400, { other: ['x'] });
    expect(failureMessage(err, policy)).toBe(COMMON_MESSAGES.badRequest);
    expect(failureMessage(err, { ...policy, badRequest: policy.fallback })).toBe(policy.fallback);
  });

  it("shows a refusal's own reason, and the area text when it gave none", () => {
    expect(failureMessage(new ApiError(409, { detail: 'The page exists already' }), policy)).toBe('The page exists already');
    expect(failureMessage(new ApiError(429, { detail: 'Too many attempts' }), policy)).toBe('Too many attempts');
    expect(failureMessage(new ApiError(403, null), policy)).toBe(policy.fallback);
  });

  it('shows a server fault as the area says: its text, the generic text or the server message', () => {
    const err = new ApiError(500, { detail: 'Database unavailable' });
    expect(failureMessage(err, policy)).toBe(policy.fallback);
    expect(failureMessage(err, { ...policy, serverFault: 'generic' })).toBe(COMMON_MESSAGES.serverError);
    expect(failureMessage(err, { ...policy, serverFault: 'server' })).toBe('Database unavailable');
    // 'server' is the spec's "500 shows the server message": any other fault shows the area text.
    expect(failureMessage(new ApiError(500, null), { ...policy, serverFault: 'server' })).toBe(policy.fallback);
    expect(failureMessage(new ApiError(503, { detail: 'Proxy busy' }), { ...policy, serverFault: 'server' })).toBe(policy.fallback);
  });

  it('shows the area text with no answer and for other statuses', () => {
    expect(failureMessage(new ApiError(0, { detail: COMMON_MESSAGES.serverError }), { ...policy, serverFault: 'generic' })).toBe(
      policy.fallback,
    );
    expect(failureMessage(new TypeError('boom'), policy)).toBe(policy.fallback);
    expect(failureMessage(new ApiError(404, { detail: 'Not found.' }), { ...policy, serverFault: 'server' })).toBe(policy.fallback);
  });
});
