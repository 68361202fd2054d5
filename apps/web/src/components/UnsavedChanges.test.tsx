import { act, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createTestQueryClient } from '../test/render';
import { setupUser } from '../test/user';
import { UnsavedChangesProvider, useUnsavedChanges } from './UnsavedChanges';

/** Where the router is: written in the same commit that renders the page. */
const seen = { pathname: '' };
function Probe() {
  const location = useLocation();
  useLayoutEffect(() => {
    seen.pathname = location.pathname;
  });
  return null;
}

function Form() {
  const unsaved = useUnsavedChanges();
  return (
    <div data-testid="form">
      <input aria-label="name" onChange={() => unsaved.setDirty(true)} />
      <Link to="/list">list</Link>
    </div>
  );
}

/** The app's own router (BrowserRouter over jsdom's history), so the browser's buttons are the real ones. */
function renderApp() {
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <App component={false}>
        <BrowserRouter>
          <Routes>
            <Route path="/list" element={<div data-testid="list">list</div>} />
            <Route
              path="/form"
              element={
                <UnsavedChangesProvider>
                  <Form />
                </UnsavedChangesProvider>
              }
            />
          </Routes>
          <Probe />
        </BrowserRouter>
      </App>
    </AppProviders>,
  );
}

/** Presses the browser's back button (the history moves asynchronously, as in a browser). */
function pressBack() {
  act(() => window.history.back());
}

describe('UnsavedChangesProvider', () => {
  beforeEach(() => {
    // Two entries, as after opening the list and then the form: back leads to the list.
    window.history.replaceState({ usr: null, key: 'list', idx: 0 }, '', '/list');
    window.history.pushState({ usr: null, key: 'form', idx: 1 }, '', '/form');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('lets the back button through while nothing was changed', async () => {
    renderApp();
    expect(await screen.findByTestId('form')).toBeInTheDocument();
    pressBack();
    expect(await screen.findByTestId('list')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/list');
  });

  it('holds the back button with the dialog while the form is dirty; leaving replays it', async () => {
    const user = setupUser();
    renderApp();
    await user.type(await screen.findByLabelText('name'), 'x');

    pressBack();
    await user.click(await screen.findByTestId('unsaved-stay'));
    // The form stays, and so does its history entry (the guard stepped back to it).
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    expect(screen.getByTestId('form')).toBeInTheDocument();
    expect(seen.pathname).toBe('/form');
    expect(screen.getByLabelText('name')).toHaveValue('x');

    pressBack();
    expect(await screen.findAllByText('有未保存的修改')).not.toHaveLength(0);
    await user.click(await screen.findByTestId('unsaved-leave'));
    expect(await screen.findByTestId('list')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/list');
  });

  it('asks before following a link while the form is dirty', async () => {
    const user = setupUser();
    renderApp();
    await user.type(await screen.findByLabelText('name'), 'x');
    await user.click(screen.getByText('list'));
    await user.click(await screen.findByTestId('unsaved-stay'));
    expect(screen.getByTestId('form')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/form');
  });
});
