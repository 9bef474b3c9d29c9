import { createUser, login, uid } from '../support/api.ts';
import { expect, expectToast, signInPage, test } from '../support/fixtures.ts';

test.describe('register and login', () => {
  test('register: required fields, mismatch, server errors, success', async ({ page, request }) => {
    const taken = await createUser(request, 'taken');
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).last().click();
    // Each required field says so, tied to its control.
    for (const label of ['Username', 'Password', 'Confirm Password']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(
        'This field is required.',
      );
    }
    await expect(page.getByText('This field is required.')).toHaveCount(3);
    await page.getByLabel('Username').fill(`new_${uid()}`);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByLabel('Confirm Password').fill('another-password');
    await page.getByRole('button', { name: 'Register' }).last().click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();

    // The server's own errors are shown per field.
    await page.getByLabel('Username').fill(taken.username);
    await page.getByLabel('Confirm Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Register' }).last().click();
    await expect(page.getByText('A user with that username already exists.')).toBeVisible();
    await page.getByLabel('Username').fill(`fresh_${uid()}`);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Register' }).last().click();
    await expect(page.getByText(/This password is too short/)).toBeVisible();

    await page.route('**/api/register/', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.getByRole('button', { name: 'Register' }).last().click();
    await expect(page.getByText('An unexpected error occurred during registration.')).toBeVisible();
    await page.unrouteAll();

    const username = `fresh_${uid()}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByLabel('Confirm Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Register' }).last().click();
    await expectToast(page, 'Registration successful! Please log in.');
    await expect(page).toHaveURL(/\/login$/);

    // Login: required, wrong password, unexpected, then success.
    await page.getByRole('button', { name: 'Login' }).last().click();
    for (const label of ['Username or Email', 'Password']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(
        'This field is required.',
      );
    }
    await expect(page.getByText('This field is required.')).toHaveCount(2);
    await page.getByLabel('Username or Email').fill(username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).last().click();
    await expect(
      page.getByText('No active account found with the given credentials'),
    ).toBeVisible();
    await page.route('**/api/token/', (route) => route.abort());
    await page.getByRole('button', { name: 'Login' }).last().click();
    await expect(page.getByText('An unexpected error occurred during login.')).toBeVisible();
    await page.unrouteAll();
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Login' }).last().click();
    await expectToast(page, 'Login successful!');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Content' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeTruthy();

    // Logout clears the tokens; the header shows Login and Register again.
    const blacklist = page.waitForRequest('**/api/token/blacklist/');
    await page.getByRole('button', { name: 'Logout' }).click();
    await blacklist;
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Content' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  });

  test('login with an email address sends it as email', async ({ page, request }) => {
    const user = await createUser(request, 'mail');
    await page.goto('/login');
    const sent = page.waitForRequest('**/api/token/');
    await page.getByLabel('Username or Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).last().click();
    expect((await sent).postDataJSON()).toEqual({ email: user.email, password: user.password });
    await expect(page.getByText(`Welcome, ${user.username}!`)).toBeVisible();
  });

  test('an expired access token is refreshed once; a bad refresh signs out', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'refresh');
    const tokens = await login(request, user.username, user.password);
    await signInPage(page, { access: 'expired.or.garbage', refresh: tokens.refresh });
    await page.goto('/');
    await expect(page.getByText(`Welcome, ${user.username}!`)).toBeVisible();
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('access_token'),
      refresh: localStorage.getItem('refresh_token'),
    }));
    expect(stored.access).not.toBe('expired.or.garbage');
    expect(stored.refresh).not.toBe(tokens.refresh);

    const other = await page.context().newPage();
    await other.addInitScript(() => {
      localStorage.setItem('access_token', 'garbage');
      localStorage.setItem('refresh_token', 'garbage');
    });
    await other.goto('/');
    await expect(other.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Feed', exact: true })).toBeVisible();
    await other.close();
  });
});
