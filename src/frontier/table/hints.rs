//! Hints to the machine that make a large table faster and change nothing it holds: huge
//! pages for its memory, and a place's cache line asked for ahead of its use.

/// Asks the kernel to back the (not yet touched) capacity of `data` with huge pages where it
/// can: each insertion lands at a random place, and with 4 KiB pages nearly every one also
/// misses the address translation cache. Only a hint: without it the table works the same.
pub(super) fn ask_for_huge_pages(data: &Vec<u64>) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = data.as_ptr() as usize;
        let end = start + data.capacity() * std::mem::size_of::<u64>();
        let (first, last) = (start.next_multiple_of(PAGE), end / PAGE * PAGE);
        if last > first {
            // SAFETY: the range lies inside the vector's own allocation, page aligned as
            // madvise requires; MADV_HUGEPAGE changes how pages are backed, never their
            // contents, and a refusal (its return value) leaves everything as it was.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                )
            };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = data;
}

/// Asks for the cache line holding `place` ahead of its use.
pub(super) fn prefetch(place: &[u64]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of every x86_64 target, and a prefetch reads nothing: it
        // cannot fault, whatever the address (here one inside `place`).
        unsafe { _mm_prefetch::<_MM_HINT_T0>(place.as_ptr().cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = place;
}
