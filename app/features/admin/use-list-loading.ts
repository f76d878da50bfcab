import { useNavigation } from 'react-router'

/**
 * True while the admin screen is loading a tab's list (the spec's
 * "loading row"): a navigation to `/admin?tab=<tab>` without a dialog open,
 * e.g. after a save or when the tab's link is followed again.
 */
export function useListLoading(tab: string) {
	const navigation = useNavigation()
	if (navigation.state !== 'loading' || navigation.location.pathname !== '/admin') return false
	const params = new URLSearchParams(navigation.location.search)
	return params.get('tab') === tab && !params.has('new') && !params.has('edit') && !params.has('delete')
}
