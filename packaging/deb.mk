# make deb: ksan_<version>_<arch>.deb in $(B)/, built with dpkg-deb from a
# make install into a staging tree (Debian's multiarch layout: the runtime
# in /usr/lib/<triplet>/ksan, ksan.pc and the CMake package beside it),
# plus what Debian policy asks of a package: /usr/share/doc/ksan with the
# copyright file and the changelog (from NEWS), compressed man pages,
# stripped objects, md5sums.  tests/unit/package.sh lints, installs, uses
# and removes it.
DEB_ARCH    := $(shell dpkg --print-architecture 2>/dev/null)
DEB_TRIPLET := $(shell dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || $(CC) -dumpmachine)
DEB_ROOT    := $(B)/deb/root
DEB_FILE    := $(B)/ksan_$(VERSION)_$(DEB_ARCH).deb
DEB_LIB     := lib/$(DEB_TRIPLET)/ksan
DEB_DOC     := $(DEB_ROOT)/usr/share/doc/ksan

deb: all
	rm -rf $(B)/deb && mkdir -p $(B)/deb
	$(MAKE) --no-print-directory install DESTDIR=$(abspath $(DEB_ROOT)) PREFIX=/usr \
		LIBSUBDIR=$(DEB_LIB) PCDIR=/usr/lib/$(DEB_TRIPLET)/pkgconfig \
		CMAKEDIR=/usr/lib/$(DEB_TRIPLET)/cmake/ksan MANDIR=/usr/share/man
	install -d $(DEB_DOC) $(DEB_DOC)/docs $(DEB_ROOT)/usr/share/lintian/overrides
	install -m 644 packaging/copyright $(DEB_DOC)/copyright
	install -m 644 README.md CONTRIBUTING.md $(DEB_DOC)/
	install -m 644 docs/*.md $(DEB_DOC)/docs/
	install -m 644 NEWS $(DEB_DOC)/NEWS
	sh packaging/changelog.sh NEWS > $(DEB_DOC)/changelog
	gzip -9n $(DEB_DOC)/changelog $(DEB_DOC)/NEWS $(DEB_ROOT)/usr/share/man/man*/*
	find $(DEB_DOC) -name '*.md' -size +4k -exec gzip -9n {} +
	install -m 644 packaging/lintian-overrides $(DEB_ROOT)/usr/share/lintian/overrides/ksan
	sh packaging/strip.sh $(DEB_ROOT)
	install -d $(DEB_ROOT)/DEBIAN
	sed -e 's/@VERSION@/$(VERSION)/' -e 's/@ARCH@/$(DEB_ARCH)/' \
		-e "s/@SIZE@/$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)/" \
		-e "s/@LIBC@/$$(sh packaging/libc-depends.sh $(abspath $(DEB_ROOT))/usr/bin/ksan-cc)/" \
		packaging/control.in > $(DEB_ROOT)/DEBIAN/control
	cd $(DEB_ROOT) && find usr -type f -exec md5sum {} + | sort -k2 > DEBIAN/md5sums
	chmod 644 $(DEB_ROOT)/DEBIAN/md5sums
	dpkg-deb --root-owner-group -Zxz --build $(DEB_ROOT) $(DEB_FILE)
	@echo "$(DEB_FILE)"
.PHONY: deb
