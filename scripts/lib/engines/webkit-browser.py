#!/usr/bin/python3
"""The WebKitGTK browser that WebKitWebDriver drives in the engine tests (scripts/lib/engines/webkit.ts).

MiniBrowser, WebKitGTK's own, keeps a page driven by WebDriver in an ephemeral session, and WebKit
never writes an ephemeral page's console anywhere (nor does this build's WebKitWebDriver speak
WebDriver BiDi): the tests could not see what WebKit logs, such as a CSP directive it rejects.
This is MiniBrowser's automation mode, but its pages keep their data in a folder the caller gives (a
fresh one per browser, so a new browser is a first visit) and write every console message to standard
error, which the caller reads; text is not hinted, as in Safari; and pages can be composited in software.

Usage: webkit-browser.py --data-dir=DIR [--javascript-markup=false] [--compositing=software]
"""

import sys

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gtk, WebKit2  # noqa: E402


def option(name, default):
    prefix = f'--{name}='
    return next((arg[len(prefix):] for arg in sys.argv[1:] if arg.startswith(prefix)), default)


data_dir = option('data-dir', None)
if not data_dir:
    sys.exit('webkit-browser.py needs --data-dir=DIR')

# Text laid out as Safari lays it out: glyph advances as the font gives them. WebKitGTK hints them to whole pixels by
# default, which no Safari does, and a line of Inter, or of its fallback sized to it, came out up to 5% off.
gtk_settings = Gtk.Settings.get_default()
gtk_settings.set_property('gtk-xft-hinting', 0)
gtk_settings.set_property('gtk-xft-hintstyle', 'hintnone')

context = WebKit2.WebContext(
    website_data_manager=WebKit2.WebsiteDataManager(base_data_directory=data_dir, base_cache_directory=data_dir)
)
context.set_automation_allowed(True)

settings = WebKit2.Settings()
settings.set_enable_write_console_messages_to_stdout(True)
# The tests open each page as a window of a page of the site (webkit.ts says why).
settings.set_javascript_can_open_windows_automatically(True)
# Off: scripts in the page's markup do not run (JavaScript off for the reader), WebDriver's still do.
settings.set_enable_javascript_markup(option('javascript-markup', 'true') != 'false')
# Software: pages composited as one layer, for the tests (webkit.ts, WebKitOptions). On Xvfb, WebKit's GPU path is Mesa's
# software OpenGL (llvmpipe), which took half the CPU of the header's test at every width; what the tests read (layout,
# styles, scripts, the console) is the same either way, and a screenshot keeps the GPU path.
if option('compositing', 'gpu') == 'software':
    settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)


def show(view):
    window = Gtk.Window()
    geometry = view.get_window_properties().get_geometry()
    window.set_default_size(geometry.width or 800, geometry.height or 600)
    window.add(view)
    view.connect('close', lambda _view: window.destroy())
    window.show_all()


def watch(view):
    # window.open: a window of its own, sharing the opener's process and settings.
    def create(opener, _action):
        child = WebKit2.WebView.new_with_related_view(opener)
        child.connect('ready-to-show', show)
        return watch(child)

    view.connect('create', create)
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo.new()
    info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
    session.set_application_info(info)

    def create_web_view(_session):
        view = watch(WebKit2.WebView(web_context=context, settings=settings, is_controlled_by_automation=True))
        show(view)
        return view

    session.connect('create-web-view', create_web_view)


context.connect('automation-started', automation_started)
Gtk.main()
