/** The member header alone, signed in, with the providers it needs: for the tests of its menus. */
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AuthContext } from '../../lib/auth.tsx';
import { ThemeProvider } from '../../lib/theme.tsx';
import { createQueryClient } from '../../test/query-client.ts';
import { fakeAuth, makeUser } from '../../test/render.tsx';
import { MemberHeader } from './member-header.tsx';

export function renderMemberHeader() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <AuthContext.Provider value={fakeAuth({ user: makeUser() })}>
          <MemoryRouter>
            <MemberHeader />
          </MemoryRouter>
        </AuthContext.Provider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}
