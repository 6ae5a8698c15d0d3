/**
 * The page anyone without a session sees: how to get a sign-in link, and a form to paste the HTTP token instead
 * (a plain form: it works without JavaScript). Anyone who reaches the console sees it, so it names where the token is
 * kept only as the owner knows it (a file in the data directory), never by its path on this machine.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { HTTP_TOKEN_FILE_NAME } from '@chief-of-staff/core';

export function signInPageBody(options: { problem?: string }): HtmlEscapedString | Promise<HtmlEscapedString> {
  return html`${options.problem ? html`<p class="error" role="alert">${options.problem}</p>` : ''}
<p>Open the one-time link that <code>cos ui</code> printed (or the worker logged), or run <code>cos ui --link</code> for a new one.</p>
<form method="post" action="/sign-in" class="sign-in">
<label for="token">Or paste the HTTP token</label>
<p class="hint" id="token-hint">It is <code>mcp.http.token</code> from your configuration, else the contents of the file <code>${HTTP_TOKEN_FILE_NAME}</code> in your data directory.</p>
<input id="token" name="token" type="password" autocomplete="current-password" required aria-describedby="token-hint">
<button type="submit">Sign in</button>
</form>`;
}
