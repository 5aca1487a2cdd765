import { http, HttpResponse } from 'msw';
import {
  changePasswordInput,
  checkCurrentPasswordInput,
  checkCurrentPasswordResponse,
  checkResetTokenResponse,
  forgotPasswordInput,
  loginInput,
  loginResponse,
  okResponse,
  resetPasswordInput,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';
import {
  demoEmails,
  demoPassword,
  loginResponseFixture,
  sessionsFixture,
  systemHasLdapFixture,
} from './auth.fixtures';

/** A reset token the mocks accept once; anything else is invalid. */
export const validResetToken = 'valid-reset-token';

/** Token lifetime the login mock answers with (the server's default TOKEN_TTL_MINUTES 480). */
const tokenTtlMs = 480 * 60_000;

/**
 * MSW handlers of the auth area with the server's semantics: the demo users sign in with
 * Demo1234 (any other pair → 401 invalidCredentials), bodies are checked by the contracts
 * (400 validationError), a reset token works once. Create a fresh set per test/story.
 */
export function createAuthHandlers() {
  let resetTokenUsed = false;
  let sessions = [...sessionsFixture];
  return [
    http.post(apiPath('/auth/logout'), () => HttpResponse.json(okResponse.parse({ ok: true }))),
    http.get(apiPath('/auth/sessions'), () => HttpResponse.json(sessions)),
    http.post(apiPath('/auth/sessions/:id/revoke'), ({ params }) => {
      if (!sessions.some((s) => s.id === params.id)) return errorResponse(404, 'notFound', 'No such open session.');
      sessions = sessions.filter((s) => s.id !== params.id);
      return HttpResponse.json(okResponse.parse({ ok: true }));
    }),
    http.post(apiPath('/auth/sessions/revokeOthers'), () => {
      const revoked = sessions.filter((s) => !s.isCurrent).length;
      sessions = sessions.filter((s) => s.isCurrent);
      return HttpResponse.json({ revoked });
    }),
    http.get(apiPath('/auth/systemHasLdap'), () => HttpResponse.json(systemHasLdapFixture)),

    http.post(apiPath('/auth/login'), async ({ request }) => {
      const parsed = loginInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const email = parsed.data.email.toLowerCase();
      if (
        !(demoEmails as readonly string[]).includes(email) ||
        parsed.data.password !== demoPassword
      ) {
        return errorResponse(401, 'invalidCredentials', 'The email or password is wrong');
      }
      const [firstName] = email.split('@');
      return HttpResponse.json(
        loginResponse.parse({
          ...loginResponseFixture,
          expiresAt: new Date(Date.now() + tokenTtlMs).toISOString(),
          user: {
            ...loginResponseFixture.user,
            email,
            firstName: email === demoEmails[0] ? loginResponseFixture.user.firstName : firstName,
          },
        }),
      );
    }),

    http.post(apiPath('/auth/forgotPassword'), async ({ request }) => {
      const parsed = forgotPasswordInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return HttpResponse.json(okResponse.parse({ ok: true }));
    }),

    http.get(apiPath('/auth/checkResetToken/:token'), ({ params }) =>
      HttpResponse.json(
        checkResetTokenResponse.parse({
          isValid: params.token === validResetToken && !resetTokenUsed,
        }),
      ),
    ),

    http.post(apiPath('/auth/resetPassword'), async ({ request }) => {
      const parsed = resetPasswordInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      if (parsed.data.token !== validResetToken || resetTokenUsed) {
        return errorResponse(422, 'invalidResetToken', 'The reset link is invalid or has expired');
      }
      resetTokenUsed = true;
      return HttpResponse.json(okResponse.parse({ ok: true }));
    }),

    http.post(apiPath('/auth/checkCurrectPassword'), async ({ request }) => {
      const parsed = checkCurrentPasswordInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return HttpResponse.json(
        checkCurrentPasswordResponse.parse({ isCorrect: parsed.data.password === demoPassword }),
      );
    }),

    http.post(apiPath('/auth/changePassword'), async ({ request }) => {
      const parsed = changePasswordInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      if (parsed.data.oldpassword !== demoPassword)
        return errorResponse(422, 'wrongPassword', 'The current password is wrong');
      return HttpResponse.json(okResponse.parse({ ok: true }));
    }),
  ];
}

/** A shared default set (state persists while the module lives; prefer createAuthHandlers() in tests). */
export const authHandlers = createAuthHandlers();
